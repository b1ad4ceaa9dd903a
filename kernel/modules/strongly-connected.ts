/**
 * Tarjan's strongly connected components, iterative so that a dependency chain thousands of
 * modules deep cannot overflow the call stack. Linear in nodes plus edges.
 *
 * `edges[v]` lists the nodes v points to. Returns every component, each as a list of nodes;
 * a component is a cycle when it has more than one node or its node points to itself.
 */
export function stronglyConnected(edges: readonly (readonly number[])[]): number[][] {
  const count = edges.length;
  const index = new Int32Array(count).fill(-1);
  const low = new Int32Array(count);
  const onStack = new Uint8Array(count);
  const stack: number[] = [];
  const components: number[][] = [];
  // The explicit call stack: a node and how many of its edges it has followed so far.
  const callNode: number[] = [];
  const callEdge: number[] = [];
  let next = 0;

  const enter = (v: number): void => {
    index[v] = low[v] = next++;
    stack.push(v);
    onStack[v] = 1;
    callNode.push(v);
    callEdge.push(0);
  };

  for (let root = 0; root < count; root++) {
    if (index[root] !== -1) continue;
    enter(root);
    while (callNode.length > 0) {
      const top = callNode.length - 1;
      const v = callNode[top];
      if (callEdge[top] < edges[v].length) {
        const w = edges[v][callEdge[top]++];
        if (index[w] === -1) enter(w);
        else if (onStack[w]) low[v] = Math.min(low[v], index[w]);
        continue;
      }
      callNode.pop();
      callEdge.pop();
      if (callNode.length > 0) {
        const parent = callNode[callNode.length - 1];
        low[parent] = Math.min(low[parent], low[v]);
      }
      if (low[v] === index[v]) {
        const component: number[] = [];
        let w: number;
        do {
          w = stack.pop() as number;
          onStack[w] = 0;
          component.push(w);
        } while (w !== v);
        components.push(component);
      }
    }
  }
  return components;
}
