import { z } from 'zod';
import { Id, QueryId } from '../envelope';

/**
 * Project graphs (组态, `t_project_graph`, SPEC §3 and §7): maxGraph XML documents of a project.
 * A project has at most one default graph; `isActive` marks the graphs shown in the live view and
 * the kiosk rotation (the default one first). Validation and sanitising of the XML itself:
 * `sanitizeGraphXml` in xml.ts.
 */

/** Largest graph document, in UTF-8 bytes. */
export const GRAPH_XML_MAX_BYTES = 2 * 1024 * 1024;
/** Most cells (vertices and edges, the two structural cells included) in one graph. */
export const GRAPH_MAX_CELLS = 5_000;
/** Largest `content` (the editor's own settings, JSON text), in characters. */
export const GRAPH_CONTENT_MAX_CHARS = 64 * 1024;
/**
 * Body limit of POST /api/t_project_graph/save: JSON escaping of the XML's quotes can nearly
 * double it, so the limit is twice the XML's plus room for the other fields.
 */
export const GRAPH_SAVE_BODY_LIMIT = 2 * GRAPH_XML_MAX_BYTES + GRAPH_CONTENT_MAX_CHARS * 2 + 64 * 1024;

/** `?projectId=` of the list, default and active calls. */
export const ProjectGraphQuery = z.object({ projectId: QueryId });

/** One row of GET /api/t_project_graph/all (no XML). */
export const ProjectGraphSummary = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  isDefault: z.boolean(),
  isActive: z.boolean(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type ProjectGraphSummary = z.infer<typeof ProjectGraphSummary>;
export const ProjectGraphSummaryList = z.array(ProjectGraphSummary);

/** A graph with its document: GET default, active and {id}. */
export const ProjectGraphRecord = ProjectGraphSummary.extend({
  /** The sanitised maxGraph XML, as stored. */
  xml: z.string(),
  /** The editor's own settings (JSON text, '' when none). */
  content: z.string(),
});
export type ProjectGraphRecord = z.infer<typeof ProjectGraphRecord>;

/** What a save answers: the stored graph, and what sanitising removed from the XML sent. */
export const SavedProjectGraph = ProjectGraphRecord.extend({ removed: z.array(z.string()) });
export type SavedProjectGraph = z.infer<typeof SavedProjectGraph>;

const isJsonOrEmpty = (s: string) => {
  if (s === '') return true;
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
};

/**
 * POST /api/t_project_graph/save: create (no id) or edit a graph. The first graph of a project
 * becomes its default; `isDefault: true` makes this one the default and clears the others.
 */
export const SaveProjectGraphBody = z.object({
  id: Id.optional(),
  projectId: Id,
  name: z.string().trim().min(1, 'name is required').max(64),
  xml: z.string().min(1, 'xml is required')
    // Characters first (cheap); the sanitiser checks the UTF-8 byte size.
    .max(GRAPH_XML_MAX_BYTES, `must be at most ${GRAPH_XML_MAX_BYTES} bytes`),
  content: z.string().max(GRAPH_CONTENT_MAX_CHARS).refine(isJsonOrEmpty, 'must be JSON text or empty').optional(),
  isDefault: z.boolean().optional(),
  isActive: z.boolean().optional(),
});
export type SaveProjectGraphBody = z.input<typeof SaveProjectGraphBody>;
