// The shop shows a query's loading, error and empty states through one component, <QueryState>
// (apps/web/src/components/page-states.tsx): the same skeleton, the same error block with its
// retry, on every page. This rule reports code that draws the skeleton or the error block itself
// on a query's flags: a branch (`? :`, `&&`, `if`) whose test reads `.isPending`, `.isLoading`,
// `.isError` (or the like, or `!x.data`), directly or through a const, and whose branch renders
// one of the state components. A mutation's flag on a button (`loading={send.isPending}`) or a
// state drawn for something that is not a query (a WeChat hand-over, an invalid link) is not a
// branch of that kind, so it is left alone.

const QUERY_FLAGS = new Set(['isPending', 'isLoading', 'isError', 'isFetching', 'isRefetching', 'isSuccess', 'isLoadingError']);
const STATE_ELEMENTS = new Set(['LoadingState', 'ErrorState', 'Spinner', 'Skeleton', 'ErrorBlock']);
const FUNCTIONS = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'FunctionDeclaration']);

/** Child nodes of an ESTree node (not its parent). */
function* children(node) {
  for (const [key, value] of Object.entries(node)) {
    if (key === 'parent') continue;
    if (Array.isArray(value)) {
      for (const v of value) if (v && typeof v.type === 'string') yield v;
    } else if (value && typeof value.type === 'string') yield value;
  }
}

function isFlagRead(node) {
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier' && QUERY_FLAGS.has(node.property.name)) return true;
  // `!query.data`: nothing loaded yet.
  if (node.type === 'UnaryExpression' && node.operator === '!') {
    const arg = node.argument.type === 'ChainExpression' ? node.argument.expression : node.argument;
    return arg.type === 'MemberExpression' && !arg.computed && arg.property.type === 'Identifier' && arg.property.name === 'data';
  }
  return false;
}

/** Whether `node` reads a query flag, itself or through a const initialised with one. */
function readsQueryFlag(node, scope, seen = new Set()) {
  if (isFlagRead(node)) return true;
  if (node.type === 'Identifier') {
    let s = scope;
    while (s) {
      const variable = s.set.get(node.name);
      if (variable) {
        const def = variable.defs[0];
        if (variable.defs.length !== 1 || def.type !== 'Variable' || def.parent.kind !== 'const' || !def.node.init || seen.has(def.node)) return false;
        seen.add(def.node);
        return readsQueryFlag(def.node.init, scope, seen);
      }
      s = s.upper;
    }
    return false;
  }
  if (FUNCTIONS.has(node.type)) return false;
  for (const child of children(node)) if (readsQueryFlag(child, scope, seen)) return true;
  return false;
}

function elementName(name) {
  if (name.type === 'JSXIdentifier') return name.name;
  if (name.type === 'JSXMemberExpression') return elementName(name.object);
  return undefined;
}

/** Whether `node` renders a state component (not inside a function it defines, such as a handler). */
function rendersState(node) {
  if (!node || FUNCTIONS.has(node.type)) return false;
  if (node.type === 'JSXOpeningElement' && STATE_ELEMENTS.has(elementName(node.name))) return true;
  for (const child of children(node)) if (rendersState(child)) return true;
  return false;
}

export const queryState = {
  meta: {
    type: 'suggestion',
    messages: { byHand: "Show a query's loading, error and empty states with <QueryState> (components/page-states.tsx) instead of branching on its flags here." },
    schema: [],
  },
  create(context) {
    const check = (node, test, branches) => {
      if (branches.some(rendersState) && readsQueryFlag(test, context.sourceCode.getScope(node))) context.report({ node: test, messageId: 'byHand' });
    };
    return {
      ConditionalExpression: (node) => check(node, node.test, [node.consequent, node.alternate]),
      LogicalExpression: (node) => check(node, node.left, [node.right]),
      // The `else` of an `if` is its own IfStatement or the content; only what the test guards counts.
      IfStatement: (node) => check(node, node.test, [node.consequent]),
    };
  },
};
