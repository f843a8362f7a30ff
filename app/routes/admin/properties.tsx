/** Admin page: being built. */
export default function AdminProperties() {
  return <main className="container-page py-8" />;
}
