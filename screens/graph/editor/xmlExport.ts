/**
 * maxGraph 0.24 encodes a geometry's private fields (`<Geometry _x="10" _y="20" _width="80"
 * _height="40">`, the same for points and rectangles). The stored format (contract/graph/xml.ts)
 * and every reader use the public names `x y width height`, which maxGraph decodes through the
 * same setters, so the editor renames them before saving.
 */
const GEOMETRY_TAG = /<(Geometry|mxGeometry|Point|mxPoint|Rectangle|mxRectangle)\b[^>]*>/g;
const PRIVATE_ATTR = /(\s)_(x|y|width|height)=/g;

export function normalizeGeometryAttrs(xml: string): string {
  return xml.replace(GEOMETRY_TAG, (tag) => tag.replace(PRIVATE_ATTR, '$1$2='));
}
