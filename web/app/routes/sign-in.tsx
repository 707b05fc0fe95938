// Placeholder: built in the web app issue.
export default function Page() {
  return <h1>sign-in</h1>;
}
