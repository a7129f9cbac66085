export { createRouter } from './router';
export type { NavigateOptions, RouteEntry, Router, RouterLocation } from './router';
export { browserHistory, windowScroll } from './browser';
export { firstPageLoaded, serverHistory } from './server';
export { Link, Outlet, RouterProvider, useLocation, useNavigate, useNavigation, useRouteError, useSearchParams } from './react';
