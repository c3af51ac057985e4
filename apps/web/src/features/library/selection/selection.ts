import type { ExerciseType } from '@ondoku/contract';

/**
 * The new-homework selection (docs/library-web.md, "The selection store"): the checked resources,
 * an optional resource pack and the form info the homework form keeps beside them. Pure rules here
 * (unit-tested one by one); selection-store.ts keeps the state for the screen and across reloads.
 *
 * An entry's id is a resource_id, or, when a pack is chosen, the pack's code: the selection is
 * then just that one item identified by the pack code.
 */
export interface SelectedResource {
  id: number | string;
  title: string;
  type: ExerciseType;
}

export interface SelectedPack {
  code: string;
  title: string;
  type: ExerciseType;
  total: number;
}

export interface HomeworkSelection {
  resources: SelectedResource[];
  pack: SelectedPack | null;
  /** The homework form's own fields, kept with the selection (the homework issue fills it). */
  form: Record<string, unknown>;
}

export const emptySelection: HomeworkSelection = { resources: [], pack: null, form: {} };

/**
 * Add resources: any pack is cleared (and with it the pack's code entry); ids already in the
 * list are ignored; adding null empties the list.
 */
export function addResources(s: HomeworkSelection, added: readonly SelectedResource[] | null): HomeworkSelection {
  if (added === null) return { ...s, resources: [], pack: null };
  const kept = s.pack ? [] : s.resources;
  const resources = [...kept];
  for (const r of added) if (!resources.some((x) => x.id === r.id)) resources.push(r);
  return { ...s, resources, pack: null };
}

/** Remove resources by id: removing any clears the pack (and with it the pack's code entry). */
export function removeResources(s: HomeworkSelection, ids: readonly (number | string)[]): HomeworkSelection {
  const kept = s.pack ? [] : s.resources;
  return { ...s, resources: kept.filter((r) => !ids.includes(r.id)), pack: null };
}

/**
 * Choose a pack: the list becomes just the pack's code; a pack with total 0 gives an empty
 * selection (no pack, no entries); null clears the pack and its entry.
 */
export function setPack(s: HomeworkSelection, pack: SelectedPack | null): HomeworkSelection {
  if (!pack || pack.total === 0) return { ...s, resources: [], pack: null };
  return { ...s, resources: [{ id: pack.code, title: pack.title, type: pack.type }], pack };
}

export function setForm(s: HomeworkSelection, form: Record<string, unknown>): HomeworkSelection {
  return { ...s, form };
}

/** A stored selection, checked field by field: anything malformed reads as empty. */
export function parseSelection(raw: string | null): HomeworkSelection {
  if (!raw) return emptySelection;
  try {
    const v = JSON.parse(raw) as Partial<HomeworkSelection>;
    const resources = Array.isArray(v.resources)
      ? v.resources.filter(
          (r): r is SelectedResource =>
            !!r &&
            (typeof r.id === 'number' || typeof r.id === 'string') &&
            typeof r.title === 'string' &&
            typeof r.type === 'string',
        )
      : [];
    const p = v.pack;
    const pack =
      p && typeof p.code === 'string' && typeof p.title === 'string' && typeof p.total === 'number' ? p : null;
    const form = v.form && typeof v.form === 'object' && !Array.isArray(v.form) ? v.form : {};
    return { resources, pack, form };
  } catch {
    return emptySelection;
  }
}
