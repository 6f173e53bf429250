import { createContext, useContext } from "react";

/**
 * The text of a built stylesheet by its address, provided during server rendering by a built server (undefined
 * in the browser and under the development server, where the stylesheet is linked).
 */
export const StylesheetContext = createContext<((href: string) => string | undefined) | undefined>(undefined);
export const useStylesheetSource = () => useContext(StylesheetContext);
