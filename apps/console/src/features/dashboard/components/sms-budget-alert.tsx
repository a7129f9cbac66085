import { SMS_BUDGET_ALERT_SHARE, type DashboardSummary } from '@simshop/contract';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

type SmsBudget = DashboardSummary['smsBudget'];

/** The dashboard warns from this share of the day's budget on (a budget of 0 always warns). */
export const smsBudgetNeedsAlert = (b: SmsBudget) => b.sent >= b.budget * SMS_BUDGET_ALERT_SHARE;

/** Today's SMS count near or past the shop's daily budget: past it, SMS codes are refused. */
export function SmsBudgetAlert({ budget }: { budget: SmsBudget }) {
  const { t } = useTranslation();
  const spent = budget.sent >= budget.budget;
  const percent = budget.budget > 0 ? Math.floor((budget.sent / budget.budget) * 100) : 100;
  return (
    <Alert
      type={spent ? 'error' : 'warning'}
      showIcon
      role="alert"
      data-testid="sms-budget-alert"
      title={t(spent ? 'dashboard.sms-budget-spent' : 'dashboard.sms-budget-near', { sent: budget.sent, budget: budget.budget, percent })}
      description={t('dashboard.sms-budget-hint', { day: budget.day })}
    />
  );
}
