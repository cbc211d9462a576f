/** Scale labels are stored as a JSON array of strings (v2_scales, v2_items, v2_template_items). */
export function parseLabels(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}
