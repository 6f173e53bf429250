import type { z } from "zod";
import type { alertPreferencesDtoSchema } from "../../../shared/api/alerts";

/** A subscription as its owner manages it: the address, its status, the lists it receives and their language. */
export type AlertPreferences = z.infer<typeof alertPreferencesDtoSchema>;
