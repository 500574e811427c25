/** The desktop app's first screen; the member browser replaces it in the desktop issue. */
export function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: '2rem' }}>
      <h1>Kanslia</h1>
      <p>Use the command line for now: npx kanslia demo</p>
    </main>
  )
}
