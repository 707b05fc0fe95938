// STUB (issue 15): replaced by the page's real module.
export default function Placeholder() {
  return <h1>Not built yet</h1>;
}
