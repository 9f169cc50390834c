/** Capabilities that gate the modules (spec 001 §6); held globally or per organisation. */
export const CAPABILITIES = [
  'Core',
  'ConsultSubmit',
  'ConsultRespond',
  'ResponderWorkflow',
  'GeoKeeper',
  'GeoKeeperFieldwork',
  'Research',
  'Spatial',
  'Vocab',
  'ResponseLetters',
  'WorkflowAdmin',
  'Belongings',
  'SupportAgent',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** The membership capability that lets a member create and change the organisation's items. */
export const ORG_WRITE = 'write';

/** Actions a permission question or a grant can name. */
export const ITEM_ACTIONS = ['read', 'update', 'delete'] as const;
export type ItemAction = (typeof ITEM_ACTIONS)[number];
