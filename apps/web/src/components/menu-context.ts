import { createContext, useContext } from 'react';

/** Lets a page open the side menu ('Ir al Menú'). */
export const MenuContext = createContext<{ openMenu: () => void }>({ openMenu: () => undefined });

export function useMenu() {
  return useContext(MenuContext);
}
