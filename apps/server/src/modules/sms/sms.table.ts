

/** 0035: SMS counted against the shop's daily budget, per UTC day (`YYYY-MM-DD`). */
export interface SmsBudgetTable {
  day: string;
  sent: number;
}
