// Placeholder: built in the web app issue.
export default function Page() {
  return <h1>search</h1>;
}
