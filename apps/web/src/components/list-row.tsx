import { List, type ListItemProps } from 'antd-mobile';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from '@/lib/router';
import './list-row.css';

type RowLook = Omit<ListItemProps, 'onClick' | 'clickable' | 'children' | 'arrow'> & { readonly children: ReactNode };

export type ListRowProps = RowLook &
  (
    | {
        /** A page of the shop: the row is a link with a real address (new tab, copy, keyboard). */
        readonly to: string;
        /** Runs before the router opens `to`; preventDefault() to open it another way (sign-in with a way back). */
        readonly onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
      }
    | { readonly to?: undefined; readonly onClick: () => void }
  );

/**
 * A tappable row of an antd-mobile List that a keyboard and a screen reader can use too.
 * antd-mobile's clickable List.Item is an anchor without href: no focus, no role. Here the row
 * is a plain List.Item (its look unchanged, arrow shown) whose main text is a real link (`to`)
 * or button (`onClick`); the control's ::after covers the whole row, so a tap anywhere on it is
 * the control's, its focus ring outlines the row and the target is the row's full size.
 * A link or button in `extra` is raised above the row's control, so it stays its own target.
 */
export function ListRow(props: ListRowProps) {
  const { to: _to, onClick: _onClick, children, className, arrowIcon = true, extra, ...look } = props;
  const rowClass = className ? `list-row ${className}` : 'list-row';
  return (
    <List.Item {...look} className={rowClass} arrowIcon={arrowIcon} extra={extra === undefined || extra === null ? extra : <span className="list-row-extra">{extra}</span>}>
      {props.to !== undefined ? (
        <Link className="list-row-control" to={props.to} onClick={props.onClick}>
          {children}
        </Link>
      ) : (
        <button type="button" className="list-row-control" onClick={props.onClick} disabled={look.disabled}>
          {children}
        </button>
      )}
    </List.Item>
  );
}
