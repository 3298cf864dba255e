import { type ClassValue, clsx } from "clsx"
import { twMerge } from "tailwind-merge"

/** Joins class names; later Tailwind classes win, so a caller's `className` overrides defaults. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs))
}
