/** What deciding which columns fit needs of a column (fitted-columns.tsx has the rest). */
export interface ColumnFit {
  key: string;
  width: number;
  /** 1: never hidden; 2, 3 …: hidden in that order from the highest when the width runs out. */
  priority: number;
}

/** Room the selection checkboxes take besides the columns. */
export const SELECTION_WIDTH = 48;

/** The columns that fit `width`, dropping the least important first; the first column and priority 1 always stay. */
export function fitColumns<C extends ColumnFit>(columns: readonly C[], width: number, selection: boolean): C[] {
  const shown = [...columns];
  const total = () => shown.reduce((sum, c) => sum + c.width, selection ? SELECTION_WIDTH : 0);
  while (total() > width) {
    const droppable = shown.slice(1).filter((c) => c.priority > 1);
    if (droppable.length === 0) break;
    const least = droppable.reduce((a, b) => (b.priority >= a.priority ? b : a));
    shown.splice(shown.indexOf(least), 1);
  }
  return shown;
}
