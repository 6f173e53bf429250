import type { Resolver } from "react-hook-form";
import type { z } from "zod";
import type { alertSubscribeSchema } from "../../../shared/alerts-schemas";

type Input = z.input<typeof alertSubscribeSchema>;
type Output = z.output<typeof alertSubscribeSchema>;

let loading: Promise<Resolver<Input, unknown, Output>> | undefined;

/**
 * The shared schema's resolver, loaded when it is first needed: the sign-up form sits low on the investors and press
 * pages, which are read far more often than it is sent, so zod is not part of the JavaScript they need first.
 * `preload` starts the download as soon as the visitor reaches for the form.
 */
export function loadSubscribeResolver() {
  loading ??= Promise.all([import("@hookform/resolvers/zod"), import("../../../shared/alerts-schemas")]).then(
    ([{ zodResolver }, { alertSubscribeSchema }]) => zodResolver(alertSubscribeSchema) as Resolver<Input, unknown, Output>,
  );
  // A failed download is tried again at the next check.
  loading.catch(() => (loading = undefined));
  return loading;
}

export const subscribeResolver: Resolver<Input, unknown, Output> = async (values, context, options) =>
  (await loadSubscribeResolver())(values, context, options);

export const preloadSubscribeResolver = () => void loadSubscribeResolver().catch(() => {});

export type { Input as SubscribeInput, Output as SubscribeOutput };
