import { z } from 'zod';

/**
 * What a widget props schema says about each field besides its type, for the editor's property
 * panel (`describeProps`): the label and help text in both languages, the control to edit it with,
 * and the labels of an enum's options. Set with zod's `.meta()`; every field of a props schema
 * has at least a `label` (the tests check it).
 */
export interface I18nText {
  zh: string;
  en: string;
}

/**
 * How a field is edited when its type alone does not say: a colour picker, a list of colours, a
 * one-line or multi-line text, an image path, an icon picker, or one of the template's data sources.
 */
export const PROP_CONTROLS = ['colour', 'colours', 'text', 'textarea', 'image', 'icon', 'source'] as const;
export type PropControl = (typeof PROP_CONTROLS)[number];

declare module 'zod' {
  interface GlobalMeta {
    /** The field's name in the property panel. */
    label?: I18nText;
    /** A sentence under the field (zod's own `description` is a plain string, hence another key). */
    help?: I18nText;
    control?: PropControl;
    /** Labels of an enum's options, by value. */
    options?: Record<string, I18nText>;
    /** The step of a number input (default: 1 for integers, none for other numbers). */
    step?: number;
  }
}

/** A CSS colour a widget accepts: `#rgb`…`#rrggbbaa`, `rgb()` or `rgba()` (never `url()` or an expression). */
export const COLOUR_PATTERN = /^(#[0-9a-fA-F]{3,8}|rgba?\([\d\s.,%]+\))$/;

/** A colour prop; trimmed, as the widgets always read them. */
export const colour = () => z.string().trim().regex(COLOUR_PATTERN, 'must be a colour (#rrggbb, rgb() or rgba())').meta({ control: 'colour' });

/** A short text shown on the wall (a unit, a subtitle): trimmed; blank reads as unset. */
export const shortText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

/** A data source id of the template (checked against its sources by the template schema). */
export const SOURCE_ID = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * `live`: the hub source whose pushes the widget folds into its data (the runtime's
 * `useWidgetData`), for the types whose module has `applyLive`. Absent: the main source's own
 * pushes when that is a hub source.
 */
export const liveSource = () => z.string().regex(SOURCE_ID, 'must be a source id').max(64).optional().meta({
  label: { zh: '实时数据源', en: 'Live source' },
  help: { zh: '推送更新本组件数据的实时（Hub）数据源', en: 'The hub source whose pushes update this widget\'s data' },
  control: 'source',
});

/** A colour that may also be a CSS colour keyword (`red`, `orange`): the alarm ticker always took those. */
export const cssColour = () => z.string().trim()
  .regex(/^(#[0-9a-fA-F]{3,8}|rgba?\([\d\s.,%]+\)|[a-zA-Z]+)$/, 'must be a colour (#rrggbb, rgb(), rgba() or a colour name)')
  .meta({ control: 'colour' });
