/**
 * One company's translation memory as an in-memory trigram index: the same answers as
 * nativ.tm_fuzzy_matches (pg_trgm similarity at a threshold, the company's enabled entries in the
 * language pair, the same ordering), from the trigrams PostgreSQL computed for each text.
 *
 * Entries with the same source text share one "text" (a memory holds a text once per target
 * language, and imports repeat texts), so a search scores each distinct text once. A search walks
 * only the rarest posting lists a match must appear in (prefix filtering), then counts each
 * candidate's shared trigrams exactly.
 */

/** An entry as nativ.tm_index_entry describes it. */
export type IndexedEntry = {
  id: string
  text: string
  trigrams: string[]
  enabled: boolean
  source: string
  target: string
  priority: number
  updated_us: number
}

export type IndexQuery = {
  text: string
  /** show_trgm of the query, from PostgreSQL. */
  trigrams: string[]
  source: string
  /** null: any target language. */
  target: string | null
  /** pg_trgm.similarity_threshold: a match's similarity is at least this. */
  threshold: number
  limit: number
  /** Entries to leave out (found deleted since the last sync). */
  exclude?: ReadonlySet<string>
}

type Entry = Omit<IndexedEntry, "text" | "trigrams"> & { slot: number }

/** Growable list of slot numbers. */
type Postings = { slots: Int32Array<ArrayBuffer>; length: number }

/** Trigram strings → small integers, shared by every company's index of one server. */
export class TrigramDictionary {
  private readonly ids = new Map<string, number>()
  idOf(trigram: string): number {
    let id = this.ids.get(trigram)
    if (id === undefined) {
      id = this.ids.size
      this.ids.set(trigram, id)
    }
    return id
  }
  find(trigram: string): number | undefined {
    return this.ids.get(trigram)
  }
  get size() {
    return this.ids.size
  }
}

export class TrigramIndex {
  private readonly entries = new Map<string, Entry>()
  /** Per slot: its text, how many entries use it, and where its trigram ids lie in `pool` (one
   * array, so that checking thousands of candidates reads memory in order, not 17,000 objects). */
  private texts: string[] = []
  private users = new Int32Array(64)
  private starts = new Int32Array(64)
  private lengths = new Int32Array(64)
  private pool = new Int32Array(1024)
  private pooled = 0
  private readonly slotOfText = new Map<string, number>()
  private readonly freeSlots: number[] = []
  /** Per trigram id: the slots whose texts contain it (a freed slot may linger until reused). */
  private postings: Postings[] = []
  /** Per slot: the entries of that text. */
  private entriesOf: Set<Entry>[] = []
  /** Postings listed, and how many of them point at freed slots (rebuilt when that is half). */
  private listed = 0
  private stale = 0
  private seen = new Uint8Array(0)
  private marks = new Uint8Array(0)

  constructor(private readonly dictionary: TrigramDictionary) {}

  get size() {
    return this.entries.size
  }

  /** Adds or replaces an entry. */
  put(entry: IndexedEntry): void {
    const old = this.entries.get(entry.id)
    if (old && this.texts[old.slot] === entry.text) {
      // The same text (an entry enabled, disabled or re-prioritised): its slot stays.
      Object.assign(old, {
        enabled: entry.enabled,
        source: entry.source,
        target: entry.target,
        priority: entry.priority,
        updated_us: entry.updated_us,
      })
      return
    }
    this.remove(entry.id)
    const slot = this.slotFor(entry.text, entry.trigrams)
    const stored: Entry = {
      id: entry.id,
      enabled: entry.enabled,
      source: entry.source,
      target: entry.target,
      priority: entry.priority,
      updated_us: entry.updated_us,
      slot,
    }
    this.entries.set(entry.id, stored)
    this.entriesOf[slot]!.add(stored)
    this.users[slot]!++
  }

  remove(id: string): void {
    const entry = this.entries.get(id)
    if (!entry) return
    this.entries.delete(id)
    this.entriesOf[entry.slot]!.delete(entry)
    if (--this.users[entry.slot]! === 0) {
      // The slot stays in its posting lists until its number is reused for another text; a search
      // skips slots with no entries.
      this.slotOfText.delete(this.texts[entry.slot]!)
      this.texts[entry.slot] = ""
      this.freeSlots.push(entry.slot)
      this.stale += this.lengths[entry.slot]!
      if (this.stale > 4096 && this.stale * 2 > this.listed) this.relist()
    }
  }

  /** Entry ids, best first: the same text, then entries in exactly the asked codes, then
   * similarity, priority, recency (and id, so that ties always come out in one order). */
  search(query: IndexQuery): { id: string; similarity: number }[] {
    const queryIds: number[] = []
    let unknown = 0
    for (const trigram of query.trigrams) {
      const id = this.dictionary.find(trigram)
      if (id === undefined || !this.postings[id]) unknown++
      else queryIds.push(id)
    }
    const size = query.trigrams.length
    if (size === 0) return []
    // A text B with similarity c / (|Q| + |B| − c) ≥ t shares c ≥ t·|Q| of the query's trigrams, so
    // it is in at least one of the |Q| − ⌈t·|Q|⌉ + 1 rarest lists (a trigram no text has is the
    // rarest of all). floor() instead of ceil() keeps a rounding error on the safe side.
    const needed = Math.max(1, Math.floor(query.threshold * size))
    const prefix = size - needed + 1 - unknown
    if (prefix <= 0) return []
    queryIds.sort((a, b) => this.postings[a]!.length - this.postings[b]!.length)

    this.ensureScratch()
    const marks = this.marks
    for (const id of queryIds) marks[id] = 1
    const seen = this.seen
    for (let i = 0; i < prefix && i < queryIds.length; i++) {
      const list = this.postings[queryIds[i]!]!
      for (let k = 0; k < list.length; k++) seen[list.slots[k]!] = 1
    }

    const found: { entry: Entry; similarity: number; same: boolean; exact: number }[] = []
    const { users, starts, lengths, pool } = this
    // Candidates in slot order: their trigrams are read front to back through the pool.
    for (let slot = 0; slot < this.texts.length; slot++) {
      if (seen[slot] === 0) continue
      seen[slot] = 0
      if (users[slot] === 0) continue
      const start = starts[slot]!
      const length = lengths[slot]!
      let common = 0
      for (let k = start; k < start + length; k++) common += marks[pool[k]!]!
      // pg_trgm: count / (len1 + len2 − count) in float4 (a correctly rounded double division
      // rounded to float4 is the float4 division).
      const similarity = Math.fround(common / (size + length - common))
      if (similarity < query.threshold) continue
      const same = this.texts[slot] === query.text
      for (const entry of this.entriesOf[slot]!) {
        if (!entry.enabled || query.exclude?.has(entry.id)) continue
        if (!languageFits(entry.source, query.source)) continue
        if (query.target !== null && !languageFits(entry.target, query.target)) continue
        const exact =
          Number(entry.source === query.source) +
          Number(query.target === null || entry.target === query.target)
        found.push({ entry, similarity, same, exact })
      }
    }
    for (const id of queryIds) marks[id] = 0

    found.sort(
      (a, b) =>
        Number(b.same) - Number(a.same) ||
        b.exact - a.exact ||
        b.similarity - a.similarity ||
        b.entry.priority - a.entry.priority ||
        b.entry.updated_us - a.entry.updated_us ||
        (a.entry.id < b.entry.id ? -1 : a.entry.id > b.entry.id ? 1 : 0),
    )
    return found
      .slice(0, query.limit)
      .map(({ entry, similarity }) => ({ id: entry.id, similarity }))
  }

  private slotFor(text: string, trigrams: string[]): number {
    const existing = this.slotOfText.get(text)
    if (existing !== undefined) return existing
    const ids = [...new Set(trigrams.map((t) => this.dictionary.idOf(t)))]
    const slot = this.freeSlots.pop() ?? this.texts.length
    if (slot >= this.users.length) {
      this.users = grown(this.users, slot + 1)
      this.starts = grown(this.starts, slot + 1)
      this.lengths = grown(this.lengths, slot + 1)
    }
    this.pool = grown(this.pool, this.pooled + ids.length)
    this.pool.set(ids, this.pooled)
    this.texts[slot] = text
    this.users[slot] = 0
    this.starts[slot] = this.pooled
    this.lengths[slot] = ids.length
    this.pooled += ids.length
    this.entriesOf[slot] = new Set()
    this.slotOfText.set(text, slot)
    for (const id of ids) this.addPosting(id, slot)
    return slot
  }

  /** Posting lists and the pool again from the texts in use. */
  private relist() {
    const { pool, starts, lengths } = this
    this.pool = new Int32Array(Math.max(1024, this.pooled))
    this.pooled = 0
    this.postings = []
    this.listed = 0
    this.stale = 0
    for (let slot = 0; slot < this.texts.length; slot++) {
      if (this.users[slot]! === 0) continue
      const ids = pool.subarray(starts[slot]!, starts[slot]! + lengths[slot]!)
      this.pool.set(ids, this.pooled)
      this.starts[slot] = this.pooled
      this.pooled += ids.length
      for (const id of ids) this.addPosting(id, slot)
    }
  }

  private addPosting(trigram: number, slot: number) {
    let list = this.postings[trigram]
    if (!list) {
      list = { slots: new Int32Array(4), length: 0 }
      this.postings[trigram] = list
    }
    // A reused slot may still be listed under a trigram its old text had.
    if (list.length > 0 && list.slots[list.length - 1] === slot) return
    list.slots = grown(list.slots, list.length + 1)
    list.slots[list.length++] = slot
    this.listed++
  }

  private ensureScratch() {
    if (this.seen.length < this.texts.length)
      this.seen = new Uint8Array(Math.max(64, this.texts.length * 2))
    if (this.marks.length < this.dictionary.size)
      this.marks = new Uint8Array(Math.max(64, this.dictionary.size * 2))
  }
}

/** `array`, or a copy at least twice as long when it is shorter than `length`. */
function grown(array: Int32Array<ArrayBuffer>, length: number): Int32Array<ArrayBuffer> {
  if (array.length >= length) return array
  const copy = new Int32Array(Math.max(length, array.length * 2))
  copy.set(array)
  return copy
}

/** nativ.tm_language_fits on tags: the same code, the wanted code's plain language (fr for fr-fr),
 * or, for a wanted plain language, any of its regions. */
export function languageFits(entry: string, wanted: string): boolean {
  return entry === wanted || entry === wanted.split("-")[0] || entry.startsWith(`${wanted}-`)
}
