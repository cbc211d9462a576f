import {
  V2_ITEM_MESSAGES,
  v2ItemInputSchema,
  type ItemType,
  type QuestionType,
  type V2Item,
  type V2ItemInput,
  type V2Scale,
} from '@evalua/contracts';
import type { FieldError, FieldErrors, Resolver, ResolverResult } from 'react-hook-form';

/** V2 default rating scale (SPEC §9): 1 to 5. */
export const DEFAULT_SCALE_MIN = 1;
export const DEFAULT_SCALE_MAX = 5;

export const TYPE_OPTIONS: ReadonlyArray<{ value: ItemType; label: string }> = [
  { value: 'rating', label: 'Calificación' },
  { value: 'yes_no', label: 'Sí/No' },
  { value: 'status_3', label: 'Estado (3 niveles)' },
  { value: 'text', label: 'Texto' },
];

export const SECTION_OPTIONS: ReadonlyArray<{ value: QuestionType; label: string }> = [
  { value: 'competency', label: 'Competencias' },
  { value: 'objective', label: 'Objetivos' },
];

export const typeLabel = (type: ItemType) => TYPE_OPTIONS.find((o) => o.value === type)?.label ?? type;
export const sectionLabel = (section: QuestionType) =>
  SECTION_OPTIONS.find((o) => o.value === section)?.label ?? section;

/**
 * One item as the inputs hold it: NumberInput gives '' when emptied; the scale select gives '' for
 * 'Sin escala'. `itemId` is the stored id (null while new): useFieldArray keeps `id` for itself.
 */
export interface ItemFormValue {
  itemId: number | null;
  question_text: string;
  type: ItemType;
  section: QuestionType;
  weight: number | string;
  scale_id: string;
  scale_min: number | string;
  scale_max: number | string;
  scale_labels: string[];
}

export interface ItemsFormValues {
  items: ItemFormValue[];
}

export function toFormValue(item: V2Item): ItemFormValue {
  return {
    itemId: item.id,
    question_text: item.question_text,
    type: item.type,
    section: item.section,
    weight: item.weight,
    scale_id: item.scale_id === null ? '' : String(item.scale_id),
    scale_min: item.scale_min,
    scale_max: item.scale_max,
    scale_labels: item.scale_labels,
  };
}

/** 'Agregar ítem': a blank rating item of Competencias, weight 1, without a scale (1-5). */
export function blankItem(): ItemFormValue {
  return {
    itemId: null,
    question_text: '',
    type: 'rating',
    section: 'competency',
    weight: 1,
    scale_id: '',
    scale_min: DEFAULT_SCALE_MIN,
    scale_max: DEFAULT_SCALE_MAX,
    scale_labels: [],
  };
}

/** The scale fields once the scale select changes: a scale brings its bounds and labels. */
export function scaleFieldsFor(scale: V2Scale | undefined) {
  return scale
    ? {
        scale_id: String(scale.id),
        scale_min: scale.min_value,
        scale_max: scale.max_value,
        scale_labels: scale.labels,
      }
    : { scale_id: '', scale_min: DEFAULT_SCALE_MIN, scale_max: DEFAULT_SCALE_MAX, scale_labels: [] };
}

/** An emptied number is missing, not 0: null gets the contract's "must be a number" message. */
const numberOrNull = (v: number | string) => (v === '' ? null : v);

/**
 * What PUT /api/evaluations-v2/{id}/items receives for one item: every field, its place in the
 * list as position; a type other than rating carries no scale (SPEC §5).
 */
function toInput(item: ItemFormValue, position: number) {
  const rating = item.type === 'rating';
  return {
    ...(item.itemId !== null ? { id: item.itemId } : {}),
    question_text: item.question_text,
    type: item.type,
    section: item.section,
    weight: numberOrNull(item.weight),
    scale_id: rating && item.scale_id !== '' ? Number(item.scale_id) : null,
    scale_min: rating ? numberOrNull(item.scale_min) : DEFAULT_SCALE_MIN,
    scale_max: rating ? numberOrNull(item.scale_max) : DEFAULT_SCALE_MAX,
    scale_labels: rating ? item.scale_labels : [],
    position,
  };
}

type ItemErrors = Partial<Record<keyof ItemFormValue, FieldError>>;
const FIELDS = ['question_text', 'type', 'section', 'weight', 'scale_id', 'scale_min', 'scale_max'] as const;
type CheckedField = (typeof FIELDS)[number];
const isChecked = (key: PropertyKey | undefined): key is CheckedField => FIELDS.some((f) => f === key);

/**
 * The contract's item schema decides, so each field shows the server's own sentence; the server's
 * one rule on bounds (min < max for a rating item without a scale) is checked here too.
 */
type Parsed = { items: V2ItemInput[] };

export const itemsResolver: Resolver<ItemsFormValues, unknown, Parsed> = (
  values,
): ResolverResult<ItemsFormValues, Parsed> => {
  const parsedItems: V2ItemInput[] = [];
  const errors: Array<ItemErrors | undefined> = [];
  let failed = false;
  values.items.forEach((item, i) => {
    const found: ItemErrors = {};
    const parsed = v2ItemInputSchema.safeParse(toInput(item, i));
    if (parsed.success) {
      parsedItems.push(parsed.data);
      const { type, scale_id, scale_min, scale_max } = parsed.data;
      if (type === 'rating' && scale_id === null && (scale_min ?? 0) >= (scale_max ?? 0)) {
        found.scale_min = { type: 'custom', message: V2_ITEM_MESSAGES.scaleOrder };
      }
    } else {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isChecked(field) && !found[field]) found[field] = { type: issue.code, message: issue.message };
      }
    }
    const any = Object.keys(found).length > 0;
    failed ||= any;
    errors.push(any ? found : undefined);
  });
  if (!failed) return { values: { items: parsedItems }, errors: {} };
  const fieldErrors: FieldErrors<ItemsFormValues> = { items: errors };
  return { values: {}, errors: fieldErrors };
};
