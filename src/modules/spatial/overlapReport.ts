/**
 * The overlap report (issue 17, "overlap with sensitive places"): which of the places a community
 * protects meet an area (a consultation's project area, any drawn shape) or lie within a buffer of
 * it. Both sides read this shape; the server makes it (overlap.ts). Places the asker may not read are
 * counted by their kind of place, never named or drawn.
 */

/** Widest buffer around the area, in metres (50 km). */
export const OVERLAP_MAX_BUFFER_M = 50_000;
/** The buffer when none is asked for, in metres. */
export const OVERLAP_DEFAULT_BUFFER_M = 500;
/** Most places one report lists by name; the counts stay whole beyond them. */
export const OVERLAP_MAX_LISTED = 500;
/** Most places one report examines; an area meeting more is said to be cut short. */
export const OVERLAP_MAX_CANDIDATES = 20_000;

/** How a place stands to the area: its shape meets the area, or only the buffer around it. */
export type OverlapRelation = 'INTERSECTS' | 'NEAR';

/** A place the asker may read, named in the report. */
export interface OverlapHit {
  id: string;
  label: string;
  /** Its SPL_TYPES key, when it has one. */
  spatialType: string | null;
  relation: OverlapRelation;
}

/** What a report found. */
export interface OverlapReport {
  /** When it ran (ISO instant). */
  at: string;
  bufferM: number;
  /** The kinds of place looked at (SPL_TYPES keys); empty: every kind. */
  spatialTypes: string[];
  /** Every place found, readable or not. */
  total: number;
  /** The readable ones, meeting the area first, then by label; at most OVERLAP_MAX_LISTED. */
  hits: OverlapHit[];
  /** Places the asker may not read: how many, and how many of each kind (`''`: no kind given). */
  hidden: { count: number; byType: Record<string, number> };
  /** More places met the area's surroundings than one report examines. */
  cutShort?: true;
}
