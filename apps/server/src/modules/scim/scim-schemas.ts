/**
 * What the SCIM service says about itself (RFC 7643 §5–7, RFC 7644 §4): the URNs, and the
 * ServiceProviderConfig, ResourceTypes and Schemas documents the directory reads first.
 */
export const CORE_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE_USER = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
/** Ovation's own attributes, in the form Entra ID asks of a custom extension (decision 0110). */
export const OVATION_USER = 'urn:ietf:params:scim:schemas:extension:ovation:2.0:User';
export const LIST_RESPONSE = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** Items a page holds when the directory names no count, and the most it may ask for. */
export const DEFAULT_COUNT = 100;
export const MAX_COUNT = 200;

export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    documentationUri: `${baseUrl}/api/docs`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_COUNT },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Integration token',
        description:
          'A token with the scim scope, made on Ovation’s Integrations screen, sent as Authorization: Bearer.',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/scim/v2/ServiceProviderConfig` },
  };
}

export function userResourceType(baseUrl: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    description: 'A member of the firm',
    schema: CORE_USER,
    schemaExtensions: [
      { schema: ENTERPRISE_USER, required: false },
      { schema: OVATION_USER, required: false },
    ],
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/scim/v2/ResourceTypes/User` },
  };
}

export function groupResourceType(baseUrl: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    id: 'Group',
    name: 'Group',
    endpoint: '/Groups',
    description: 'An Ovation role: its members hold it',
    schema: 'urn:ietf:params:scim:schemas:core:2.0:Group',
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/scim/v2/ResourceTypes/Group` },
  };
}

type Attribute = {
  name: string;
  type: 'string' | 'boolean' | 'complex' | 'reference' | 'dateTime';
  multiValued?: boolean;
  required?: boolean;
  mutability?: 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly';
  returned?: 'always' | 'never' | 'default' | 'request';
  uniqueness?: 'none' | 'server';
  description: string;
  subAttributes?: Attribute[];
};

const attr = (name: string, description: string, more: Partial<Attribute> = {}): Attribute => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  mutability: 'readWrite',
  uniqueness: 'none',
  description,
  ...more,
});

const SCHEMAS: { id: string; name: string; description: string; attributes: Attribute[] }[] = [
  {
    id: CORE_USER,
    name: 'User',
    description: 'A member of the firm',
    attributes: [
      attr('userName', 'How the directory names the user (Entra: userPrincipalName; Okta: login)', {
        required: true,
        uniqueness: 'server',
      }),
      attr('name', 'The member’s name', {
        type: 'complex',
        required: true,
        subAttributes: [
          attr('givenName', 'First name', { required: true }),
          attr('familyName', 'Surname', { required: true }),
        ],
      }),
      attr('displayName', 'First name and surname (read only: made from name)', { mutability: 'readOnly' }),
      attr('active', 'false: a leaver, signed out everywhere at once', { type: 'boolean' }),
      attr('emails', 'The work address the member signs in with', {
        type: 'complex',
        multiValued: true,
        subAttributes: [
          attr('value', 'The address'),
          attr('type', 'work'),
          attr('primary', 'true', { type: 'boolean' }),
        ],
      }),
      attr('phoneNumbers', 'The member’s cell number (type mobile)', {
        type: 'complex',
        multiValued: true,
        subAttributes: [attr('value', 'The number, e.g. +27 82 555 0101'), attr('type', 'mobile')],
      }),
      attr('addresses', 'The work address’s country (ISO 3166-1 alpha-2), when the extension names none', {
        type: 'complex',
        multiValued: true,
        subAttributes: [attr('country', 'e.g. ZA'), attr('type', 'work')],
      }),
    ],
  },
  {
    id: ENTERPRISE_USER,
    name: 'EnterpriseUser',
    description: 'The enterprise extension (RFC 7643 §4.3)',
    attributes: [
      attr('employeeNumber', 'The member’s employee number (required; it does not change)', {
        required: true,
        mutability: 'immutable',
        uniqueness: 'server',
      }),
      attr('department', 'The member’s own division, when the Ovation extension names none'),
      attr('manager', 'The member’s manager', {
        type: 'complex',
        subAttributes: [
          attr('value', 'The manager’s SCIM id'),
          attr('displayName', 'The manager’s name', { mutability: 'readOnly' }),
        ],
      }),
    ],
  },
  {
    id: OVATION_USER,
    name: 'OvationUser',
    description: 'What Ovation’s profile needs beyond the enterprise extension',
    attributes: [
      attr('country', 'Country name, e.g. South Africa (points, rewards and the game are for South Africa)'),
      attr('unit', 'Business unit, e.g. AUD or TRF'),
      attr('division1', 'Division, level 1'),
      attr('division2', 'Division, level 2'),
      attr('division3', 'Division, level 3'),
      attr('hireDate', 'First day with the firm, yyyy-MM-dd (service awards)'),
      attr('birthDate', 'yyyy-MM-dd, only where the firm chooses to send it (Celebrations)'),
      attr(
        'successor',
        'On deactivation: the employee number of who takes over the leaver’s team and team budget (else their manager)',
        { mutability: 'writeOnly', returned: 'never' },
      ),
    ],
  },
  {
    id: 'urn:ietf:params:scim:schemas:core:2.0:Group',
    name: 'Group',
    description: 'An Ovation role (rep, upl-mem, upl-pts, news, anniv, upl-mem-nfy, upl-pts-nfy, awards)',
    attributes: [
      attr('displayName', 'The role’s name; fixed', { required: true, uniqueness: 'server', mutability: 'immutable' }),
      attr('members', 'The users who hold the role', {
        type: 'complex',
        multiValued: true,
        subAttributes: [attr('value', 'A user’s id'), attr('display', 'Their name', { mutability: 'readOnly' })],
      }),
    ],
  },
];

export function schemaDocuments(baseUrl: string) {
  return SCHEMAS.map((s) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    ...s,
    meta: { resourceType: 'Schema', location: `${baseUrl}/scim/v2/Schemas/${s.id}` },
  }));
}

export const listResponse = <T>(resources: T[], totalResults: number, startIndex: number) => ({
  schemas: [LIST_RESPONSE],
  totalResults,
  startIndex,
  itemsPerPage: resources.length,
  Resources: resources,
});
