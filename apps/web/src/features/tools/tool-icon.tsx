import { PhonebookOutline, PieOutline, ScanningOutline, SetOutline } from 'antd-mobile-icons';
import type { ToolIcon as ToolIconName } from '@simshop/contract';
import type { ReactNode } from 'react';
import '@/components/tool-icon.css';

/** The icons a tool may name in the registry (packages/contract/src/tools.ts). */
const ICONS: Record<ToolIconName, ReactNode> = {
  phone: <PhonebookOutline />,
  scan: <ScanningOutline />,
  data: <PieOutline />,
  settings: <SetOutline />,
};

export function ToolIcon({ name }: { name: ToolIconName }) {
  return <span className="tool-icon" aria-hidden>{ICONS[name]}</span>;
}
