import { useQuery } from '@tanstack/react-query';
import { v2ResultQueries } from '../../../api/queries/v2-results';

/** One person's results as the viewer may see them. */
export const usePersonResults = (id: number, userId: number) => useQuery(v2ResultQueries.person(id, userId));

/** Mis resultados 360: closed 360s in which the caller was rated. */
export const useMyV2Results = () => useQuery(v2ResultQueries.mine());
