import type { EndpointDef, Method } from "../../../shared/api/contract";

/**
 * An endpoint as the browser calls it: its method and path, and (as a type only) its contract, so the calls are typed
 * from the schemas while the bundle carries none of them.
 */
export type Route<E extends EndpointDef = EndpointDef> = { readonly method: Method; readonly path: string; readonly __contract?: E };

export const route = <E extends EndpointDef>(method: Method, path: string): Route<E> => ({ method, path });
