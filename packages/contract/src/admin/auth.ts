import { okResponse } from '../accounts.ts';
import { assistantListResponse } from '../mcp/assistants.ts';
import { emptyRequest } from '../users.ts';
import { adminEndpoint, defineAdminAction, definePublicAdminAction } from './define.ts';
import { auditListResponse, auditListRequest, securityEventListRequest, securityEventListResponse } from './audit.ts';
import {
  staffChangePasswordRequest,
  staffCreateRequest,
  staffCreateResponse,
  staffListRequest,
  staffListResponse,
  staffLoginRequest,
  staffLoginResponse,
  staffMeResponse,
  staffRefRequest,
  staffSchema,
  staffUpdateRequest,
  totpConfirmRequest,
  totpDisableRequest,
  totpSetupResponse,
  staffAssistantRevokeRequest,
} from './staff.ts';


export const adminAuthEndpoint = adminEndpoint('auth', 'staff sign-in', {
  login: definePublicAdminAction({ summary: 'Staff sign-in with email, password and (when enabled) TOTP code in one step; slowed down per account for unknown devices', request: staffLoginRequest, response: staffLoginResponse }),
  me: defineAdminAction({ permission: null, write: false, summary: 'The signed-in staff member, role and permissions', request: emptyRequest, response: staffMeResponse }),
  logout: defineAdminAction({ permission: null, write: false, summary: 'Ends this staff session', request: emptyRequest, response: okResponse }),
  change_password: defineAdminAction({ permission: null, write: true, summary: 'Changes the own password (ends the other sessions); a current TOTP code when TOTP is on', request: staffChangePasswordRequest, response: okResponse }),
  totp_setup: defineAdminAction({ permission: null, write: false, summary: 'Starts TOTP enrolment: a new secret to scan (not active until confirmed)', request: emptyRequest, response: totpSetupResponse }),
  totp_confirm: defineAdminAction({ permission: null, write: true, summary: 'Turns TOTP on with a first code from the authenticator', request: totpConfirmRequest, response: staffMeResponse }),
  totp_disable: defineAdminAction({ permission: null, write: true, summary: 'Turns TOTP off (password and a current TOTP code required)', request: totpDisableRequest, response: staffMeResponse }),
  assistants: defineAdminAction({ permission: null, write: false, summary: 'The assistants the signed-in staff member approved for the staff tools (MCP), newest first', request: emptyRequest, response: assistantListResponse }),
  revoke_assistant: defineAdminAction({ permission: null, write: true, summary: 'Revokes one of the own assistant approvals: its tokens are refused from now on (audited)', request: staffAssistantRevokeRequest, response: assistantListResponse }),
});

export const adminStaffEndpoint = adminEndpoint('staff', 'staff accounts', {
  list: defineAdminAction({ permission: 'staff.manage', write: false, summary: 'Staff members with role and status', request: staffListRequest, response: staffListResponse }),
  create: defineAdminAction({ permission: 'staff.manage', write: true, summary: 'Adds a staff member; returns a one-time password', request: staffCreateRequest, response: staffCreateResponse }),
  update: defineAdminAction({ permission: 'staff.manage', write: true, summary: 'Changes name, role or status (disabling ends the sessions)', request: staffUpdateRequest, response: staffSchema }),
  reset_password: defineAdminAction({ permission: 'staff.manage', write: true, summary: 'Sets a new one-time password and ends the sessions', request: staffRefRequest, response: staffCreateResponse }),
  reset_totp: defineAdminAction({ permission: 'staff.manage', write: true, summary: 'Turns a member\'s TOTP off (a lost authenticator) and ends the sessions; they set it up again after signing in', request: staffRefRequest, response: staffSchema }),
});

export const adminAuditEndpoint = adminEndpoint('audit', 'audit log', {
  list: defineAdminAction({ permission: 'audit.read', write: false, summary: 'Audit rows, newest first, by who, action, target and date', request: auditListRequest, response: auditListResponse }),
  security_events: defineAdminAction({ permission: 'audit.read', write: false, summary: 'Security events (sign-ins, refusals, bad signatures), newest first, by kind, account, address and date', request: securityEventListRequest, response: securityEventListResponse }),
});
