/** What a cell's view registers: validation vetoes by answering false, a failed save rejects. */
export interface CellGate {
  validate(): boolean | Promise<boolean>;
  save?(): Promise<void>;
  /** Puts the view back as it was saved (discard). */
  reset?(): void;
}
