import { scimPatch, ScimError as PatchError, type ScimPatchOperation } from 'scim-patch';
import { ScimError } from './scim-errors.ts';
import { ENTERPRISE_USER, PATCH_OP } from './scim-schemas.ts';
import type { toScimUser } from './scim-user.ts';

/** A User's PatchOp (RFC 7644 §3.5.2) as Entra ID and Okta send it, applied to the User as it is. */

/** Entra's and Okta's PatchOp, made regular: op names in any case, Entra's "False" kept for `activeOf`. */
export function operationsOf(body: unknown): ScimPatchOperation[] {
  const record = (body ?? {}) as Record<string, unknown>;
  const schemas = record.schemas;
  const operations = record.Operations ?? record.operations;
  if (!Array.isArray(schemas) || !schemas.includes(PATCH_OP) || !Array.isArray(operations)) {
    throw new ScimError(400, `Send a PatchOp (${PATCH_OP}) with its Operations.`, 'invalidSyntax');
  }
  return operations.map((raw: unknown) => {
    const op = (raw ?? {}) as Record<string, unknown>;
    const name = typeof op.op === 'string' ? op.op.toLowerCase() : '';
    if (name !== 'add' && name !== 'replace' && name !== 'remove') {
      throw new ScimError(400, 'Each operation is add, replace or remove.', 'invalidSyntax');
    }
    refuseRemovingRequired(name, op.path, op.value);
    return { ...op, op: name } as ScimPatchOperation;
  });
}

/** Attributes a User must have (the Schemas say `required`): a PatchOp may change them, never remove them. */
const REQUIRED_PATHS = new Set([
  'username',
  'name',
  'name.givenname',
  'name.familyname',
  `${ENTERPRISE_USER.toLowerCase()}:employeenumber`,
]);

function refuseRemovingRequired(op: string, path: unknown, value: unknown) {
  const target = typeof path === 'string' ? path.trim().toLowerCase() : '';
  if (op === 'remove' && REQUIRED_PATHS.has(target)) {
    throw new ScimError(400, `${String(path)} is required: it can be replaced, not removed.`, 'mutability');
  }
  if (op === 'replace' && REQUIRED_PATHS.has(target) && (value === '' || value === null)) {
    throw new ScimError(400, `${String(path)} is required: it cannot be empty.`, 'invalidValue');
  }
}

/** Applies the operations to the User as it is; a replace of a value not there yet is an add. */
export function patched(user: ReturnType<typeof toScimUser>, operations: ScimPatchOperation[]) {
  let doc = structuredClone(user) as unknown as Parameters<typeof scimPatch>[0];
  for (const operation of operations) {
    try {
      doc = scimPatch(doc, [operation], { mutateDocument: false, treatMissingAsAdd: true });
    } catch (error) {
      if (!(error instanceof PatchError)) throw error;
      if (operation.op === 'replace' && error.scimCode === 'noTarget') {
        doc = scimPatch(doc, [{ ...operation, op: 'add' }], { mutateDocument: false });
        continue;
      }
      throw new ScimError(400, error.message, (error.scimCode as ScimError['scimType']) ?? 'invalidValue');
    }
  }
  return doc;
}
