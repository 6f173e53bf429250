import { Router, type RequestHandler } from "express";
import { rateLimit } from "express-rate-limit";
import { z } from "zod";
import { contactSchema } from "../../shared/schemas";
import { adminOnly } from "../http/guards";
import { tooManyRequests } from "../http/limits";
import { parse } from "../http/validate";
import type { Services } from "../services";
import { CONTACT_THANKS } from "../services/contact";

export const CONTACT_RATE_MESSAGE = "You have sent several messages in a short time. Please wait a few minutes before sending another.";

export function contactLimiter() {
  return rateLimit({
    windowMs: 10 * 60 * 1000,
    limit: 5,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    handler: tooManyRequests(CONTACT_RATE_MESSAGE),
  });
}

const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});

export function contactRoutes({ contact }: Services, limiter: RequestHandler = contactLimiter()) {
  const router = Router();

  router.post("/", limiter, async (req, res) => {
    const body = parse(contactSchema, req.body);
    // A filled honeypot field means a bot: answer like a success, store nothing.
    const honeypot = (req.body as { website?: unknown } | undefined)?.website;
    if (typeof honeypot === "string" && honeypot.trim() !== "") {
      res.status(201).json({ message: CONTACT_THANKS });
      return;
    }
    await contact.submit(body, { ip: req.ip });
    res.status(201).json({ message: CONTACT_THANKS });
  });

  /** Newest first, one page at a time (?limit, ?offset); the total is in X-Total-Count. */
  router.get("/", adminOnly, async (req, res) => {
    const { limit, offset } = parse(pageQuery, req.query);
    res.set("X-Total-Count", String(await contact.count()));
    res.json(await contact.list({ limit, offset }));
  });

  return router;
}
