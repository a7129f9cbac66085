import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { queryState } from './eslint-rule-query-state.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});

const error = { messageId: 'byHand' };

tester.run('query-state', queryState, {
  valid: [
    // The one way: QueryState draws the states.
    `const a = <QueryState query={list}>{(d) => <List items={d} />}</QueryState>;`,
    // A mutation's flag on a button or in a handler draws no state component.
    `const a = <Button loading={save.isPending}>{send.isPending ? <DotLoading /> : 'Send'}</Button>;`,
    `function submit() { if (!content || send.isPending) return; send.mutate(content); }`,
    // A state drawn for something that is not a query's flag (a WeChat hand-over, a bad link).
    `const a = problem === null ? <LoadingState rows={2} /> : <ErrorState title={problem} />;`,
    `const a = missing ? <EmptyState title="gone" /> : <QueryState query={post}>{(p) => <Post post={p} />}</QueryState>;`,
    // A query view handed to QueryState may be built from flags: nothing is branched on.
    `const view = { isPending: a.isPending || b.isPending, isError: a.isError, data: a.data, refetch: a.refetch };`,
    // A quiet inline line for a small part of a page, not the page's state components.
    `const a = balances.isPending ? <List.Item>{t('common.loading')}</List.Item> : <Balances />;`,
  ],
  invalid: [
    { code: `const a = list.isPending ? <LoadingState /> : <List />;`, errors: [error] },
    { code: `const a = cart.isPending ? <Spinner /> : cart.isError ? <ErrorState onRetry={() => cart.refetch()} /> : <Cart />;`, errors: [error, error] },
    { code: `const a = <main>{q.isError && !q.data && <ErrorState />}</main>;`, errors: [error] },
    { code: `const a = product?.isPending ? <Skeleton.Paragraph /> : null;`, errors: [error] },
    {
      code: `function Page() { if (order.isPending) return <PageLayout title="x"><LoadingState /></PageLayout>; return <Order />; }`,
      errors: [error],
    },
    { code: `let body; if (!info.data) body = <LoadingState />; else body = <Info />;`, errors: [error] },
    // Through a const: the flag read once and branched on later.
    { code: `const pending = home.isPending || catalogue.isPending; const a = pending && <LoadingState rows={4} />;`, errors: [error] },
  ],
});
