import { createContext, useContext } from 'react';

/** The title of the screen being shown (from the route table). */
export const ScreenTitleContext = createContext('Evalúa');

export function useScreenTitle(): string {
  return useContext(ScreenTitleContext);
}
