import type { Request, Response } from "express";

export const tooManyRequests = (message: string) => (_req: Request, res: Response) => {
  res.status(429).json({ message });
};
