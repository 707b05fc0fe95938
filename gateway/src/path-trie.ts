// Path patterns compiled into a segment tree, so a request's lookup walks its own segments once
// instead of trying every pattern. Pure: no Fastify, no I/O.
//
// Pattern syntax, segment by segment:
//   `hotel`      that segment exactly (case matters: `/api/sessionLogin` is not `/api/sessionlogin`)
//   `:id`        any one segment
//   `recommend*` (last segment only) a segment starting with `recommend`, and anything below it
//   `*`          (last segment only) anything below, including nothing
// A pattern added with `subtree: true` also covers every path below it. The deepest matching pattern
// wins; at equal depth an exact segment beats a prefix segment, which beats a parameter.

interface Node<T> {
  exact: Map<string, Node<T>>;
  starts: [prefix: string, node: Node<T>][];
  param?: Node<T>;
  value?: T;
  subtree: boolean;
}

const newNode = <T>(): Node<T> => ({ exact: new Map(), starts: [], subtree: false });

/** The segments of a path without its query; empty segments (`//`, a trailing `/`) are dropped. */
export function pathSegments(url: string): string[] {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  const segments = path.split('/');
  // The common case has only the leading empty segment: avoid a filter pass and its array.
  if (segments[0] === '' && !segments.includes('', 1)) segments.shift();
  else return segments.filter(Boolean);
  return segments;
}

export class PathTrie<T> {
  private readonly root = newNode<T>();

  add(pattern: string, value: T, options: { subtree?: boolean } = {}): this {
    const segments = pathSegments(pattern);
    let node = this.root;
    let subtree = options.subtree ?? false;
    segments.forEach((segment, i) => {
      const last = i === segments.length - 1;
      if (segment.endsWith('*')) {
        if (!last) throw new Error(`'*' may end only the last segment: ${pattern}`);
        subtree = true;
        if (segment === '*') return;
        const prefix = segment.slice(0, -1);
        let next = node.starts.find(([p]) => p === prefix)?.[1];
        if (!next) node.starts.push([prefix, (next = newNode())]);
        node = next;
      } else if (segment.startsWith(':')) {
        node = node.param ??= newNode();
      } else {
        let next = node.exact.get(segment);
        if (!next) node.exact.set(segment, (next = newNode()));
        node = next;
      }
    });
    if (node.value !== undefined) throw new Error(`Pattern given twice: ${pattern}`);
    node.value = value;
    node.subtree = subtree;
    return this;
  }

  match(segments: readonly string[]): T | undefined {
    return this.walk(this.root, segments, 0)?.value;
  }

  private walk(node: Node<T>, segments: readonly string[], depth: number): Found<T> | undefined {
    let best: Found<T> | undefined =
      node.value !== undefined && (node.subtree || depth === segments.length)
        ? { value: node.value, depth }
        : undefined;
    if (depth === segments.length) return best;
    const segment = segments[depth]!;
    // Tried in order of precedence: a later candidate replaces the best only by going deeper.
    const exact = node.exact.get(segment);
    if (exact) best = deeper(best, this.walk(exact, segments, depth + 1));
    for (const [prefix, next] of node.starts) {
      if (segment.startsWith(prefix)) best = deeper(best, this.walk(next, segments, depth + 1));
    }
    if (node.param) best = deeper(best, this.walk(node.param, segments, depth + 1));
    return best;
  }
}

interface Found<T> {
  value: T;
  depth: number;
}

const deeper = <T>(best: Found<T> | undefined, found: Found<T> | undefined) =>
  found && (!best || found.depth > best.depth) ? found : best;
