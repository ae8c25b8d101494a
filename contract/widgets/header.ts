import { z } from 'zod';
import { shortText } from './meta';

/** The screen's title bar: the widget's title (plus its bound data) in the middle, subtitle and clock at the sides. */
export const HeaderProps = z.strictObject({
  clock: z.boolean().default(true).meta({ label: { zh: '显示时钟', en: 'Show clock' } }),
  subtitle: shortText(128).optional().meta({
    label: { zh: '副标题', en: 'Subtitle' },
    help: { zh: '显示在左侧，留空则不显示', en: 'Shown on the left; leave blank for none' },
    control: 'text',
  }),
});
export type HeaderProps = z.infer<typeof HeaderProps>;

/** Appended to the title as `title · data` (e.g. the project's name). */
export const HeaderData = z.union([z.string(), z.number()]).nullable()
  .meta({ description: 'A text or number appended to the title, e.g. the project name' });
export type HeaderData = z.infer<typeof HeaderData>;
