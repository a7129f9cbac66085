import { Component, createContext, useCallback, useContext, useLayoutEffect, useMemo, useSyncExternalStore } from 'react';
import type { AnchorHTMLAttributes, ComponentType, MouseEvent, ReactNode } from 'react';
import type { NavigateOptions, Router, RouterLocation, RouterState } from './router';

interface Views {
  /** The root layout; renders the page through <Outlet />. */
  readonly Layout: ComponentType;
  /** Shown until the first page has loaded. */
  readonly Loading: ComponentType;
  /** Shown in place of a page (or the layout) that failed to load or to render. */
  readonly Failure: ComponentType;
}

const RouterContext = createContext<Router | null>(null);
const StateContext = createContext<RouterState | null>(null);
const ViewsContext = createContext<Views | null>(null);
const ErrorContext = createContext<unknown>(undefined);

function required<T>(value: T | null, what: string): T {
  if (value === null) throw new Error(`${what} is used outside <RouterProvider>`);
  return value;
}

interface BoundaryProps {
  readonly location: RouterLocation;
  readonly Failure: ComponentType;
  readonly children: ReactNode;
}

/**
 * Catches a page's render error and shows the failure view instead; the next navigation tries the
 * page again (without mounting a new one when only the query changed, like the router it replaces).
 */
class ErrorBoundary extends Component<BoundaryProps, { error: unknown; location: RouterLocation }> {
  override state = { error: undefined as unknown, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; location: RouterLocation }) {
    return props.location === state.location ? null : { error: undefined, location: props.location };
  }

  override render() {
    const { Failure, children } = this.props;
    if (this.state.error === undefined) return children;
    return (
      <ErrorContext.Provider value={this.state.error}>
        <Failure />
      </ErrorContext.Provider>
    );
  }
}

/** Renders the router's current page inside the layout, and keeps the scroll where it belongs. */
export function RouterProvider({ router, ...views }: Views & { readonly router: Router }) {
  const state = useSyncExternalStore(router.subscribe, router.getState, router.getState);
  const { Layout, Loading, Failure } = views;
  const memoViews = useMemo(() => ({ Layout, Loading, Failure }), [Layout, Loading, Failure]);
  useLayoutEffect(() => {
    if (state.page) router.restoreScroll();
  }, [router, state.location, state.page]);
  useLayoutEffect(() => {
    const persist = () => router.persistScroll();
    addEventListener('pagehide', persist);
    return () => removeEventListener('pagehide', persist);
  }, [router]);
  if (!state.page) return <Loading />;
  return (
    <RouterContext.Provider value={router}>
      <ViewsContext.Provider value={memoViews}>
        <StateContext.Provider value={state}>
          <ErrorBoundary location={state.location} Failure={Failure}>
            <Layout />
          </ErrorBoundary>
        </StateContext.Provider>
      </ViewsContext.Provider>
    </RouterContext.Provider>
  );
}

/** Where the layout shows the current page. */
export function Outlet() {
  const { page, location } = required(useContext(StateContext), 'Outlet');
  const { Failure } = required(useContext(ViewsContext), 'Outlet');
  if (!page) return null;
  if ('error' in page) {
    return (
      <ErrorContext.Provider value={page.error}>
        <Failure />
      </ErrorContext.Provider>
    );
  }
  const Page = page.Component;
  return (
    <ErrorBoundary location={location} Failure={Failure}>
      <Page />
    </ErrorBoundary>
  );
}

export const useLocation = (): RouterLocation => required(useContext(StateContext), 'useLocation').location;

/** 'loading' while a navigation waits for its page's code. */
export function useNavigation(): { state: 'idle' | 'loading' } {
  return { state: required(useContext(StateContext), 'useNavigation').loading ? 'loading' : 'idle' };
}

export function useNavigate(): Router['navigate'] {
  return required(useContext(RouterContext), 'useNavigate').navigate;
}

/** The error the failure view is showing. */
export const useRouteError = (): unknown => useContext(ErrorContext);

type SearchInit = URLSearchParams | string | Record<string, string>;

/** The query of the current page, and a setter that navigates to the same page with another one. */
export function useSearchParams(): [URLSearchParams, (next: SearchInit, options?: NavigateOptions) => void] {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: SearchInit, options?: NavigateOptions) => {
      const query = new URLSearchParams(next).toString();
      navigate(`${pathname}${query ? `?${query}` : ''}`, options);
    },
    [navigate, pathname],
  );
  return [params, setParams];
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { readonly to: string; readonly replace?: boolean };

/** A link within the shop: a real address (new tab, copy), opened by the router on a plain click. */
export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const router = required(useContext(RouterContext), 'Link');
  const location = useLocation();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || event.button !== 0 || modified || (target && target !== '_self')) return;
    event.preventDefault();
    // A link to the page already shown does not add a history entry.
    const here = `${location.pathname}${location.search}${location.hash}`;
    router.navigate(to, { replace: replace ?? here === to });
  };
  return <a {...rest} target={target} href={router.href(to)} onClick={handleClick} />;
}
