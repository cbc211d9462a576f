/** Every query of the 360 results screens lives under ['v2-results', …]. */
export const v2ResultsKey = (evaluationId: number | 'mine') => ['v2-results', evaluationId] as const;
