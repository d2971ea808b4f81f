export function App() {
  return <h1>Protect the Wild. Start Today.</h1>;
}
