import { renderToString } from 'react-dom/server';
import { LANGUAGES, serverDrawnRead, shopPublicPageOf, type FirstAnswer, type ShopRenderInput, type ShopRenderer, type ShopCall } from '@simshop/contract';
import { AppRoot } from '@/app/app-root';
import { routes } from '@/app/router';
import { BASENAME, findRouteByPath } from '@/config/paths';
import { configureRuntime } from '@/config/runtime';
import { contractTextsReady, i18n, loadPageTexts } from '@/i18n';
import { endpointKey } from '@/lib/endpoint-query';
import { callsAwaitingAnswers, provideFirstAnswers, seedPageAnswers } from '@/lib/first-answers';
import { queryClient } from '@/lib/query-client';
import { createRouter, firstPageLoaded, serverHistory } from '@/lib/router';

/*
 * The shop's pages drawn on the server (contract server-render.ts) by the same components the
 * browser runs. The app keeps its state in modules (the query cache, the language, the page's
 * answers), as a single-page app may; so pages are drawn one at a time, each from a cleared cache,
 * and nothing of one page's reaches the next. Drawing is synchronous work on the one thread
 * anyway: one at a time costs no throughput. The server answers the calls a drawing made (not
 * one at a time) and the page is drawn again with them, at most DRAWINGS times (a call that
 * needs another's answer first).
 */

const textsReady = Promise.all([...LANGUAGES.map(loadPageTexts), contractTextsReady]);
let queue: Promise<unknown> = Promise.resolve();

const DRAWINGS = 3;

/** Draws the page once from these answers: its markup and the calls it made that they did not answer. */
async function drawOnce(input: ShopRenderInput, answers: FirstAnswer[]): Promise<{ markup: string; asked: ShopCall[] }> {
  await textsReady;
  configureRuntime(input.config);
  i18n.changeLanguage(input.language);
  queryClient.clear();
  provideFirstAnswers(answers);
  seedPageAnswers(queryClient, (endpoint, action, body) => endpointKey(endpoint as never, action as never, body as never));
  const router = createRouter(routes, { basename: BASENAME, history: serverHistory(`${BASENAME}${input.path}`) });
  try {
    await firstPageLoaded(router);
    const markup = renderToString(<AppRoot router={router} />);
    return { markup, asked: callsAwaitingAnswers(queryClient).filter(serverDrawnRead) };
  } finally {
    router.dispose();
    provideFirstAnswers([]);
    queryClient.clear();
  }
}

/** One drawing at a time (see above); the answers are awaited outside the queue. */
function drawn(input: ShopRenderInput, answers: FirstAnswer[]): Promise<{ markup: string; asked: ShopCall[] }> {
  const next = queue.then(() => drawOnce(input, answers));
  queue = next.catch(() => undefined);
  return next;
}

async function render(input: ShopRenderInput): Promise<{ markup: string; answers: FirstAnswer[] }> {
  let answers = input.answers;
  for (let drawing = 1; ; drawing += 1) {
    const { markup, asked } = await drawn(input, answers);
    if (asked.length === 0 || drawing === DRAWINGS) return { markup, answers };
    const more = await input.answer(asked);
    // A call the server would not answer stays loading: drawing again would not change the page.
    if (more.length === 0) return { markup, answers };
    answers = [...answers, ...more];
  }
}

/**
 * The pages search engines and link previews read (contract shop-public-pages.ts), and the "not
 * found" page for an address the shop has no page at; nothing that needs a signed-in customer.
 */
export const renderShopPage: ShopRenderer['renderShopPage'] = (input) => {
  const pathname = new URL(input.path, 'http://shop').pathname;
  const notFound = findRouteByPath(pathname) === undefined;
  if (!notFound && shopPublicPageOf(pathname) === undefined) return Promise.resolve(null);
  return render(input).then(({ markup, answers }) => ({ markup, notFound, answers }));
};
