/** Admin page: being built. */
export default function AdminSettings() {
  return <main className="container-page py-8" />;
}
