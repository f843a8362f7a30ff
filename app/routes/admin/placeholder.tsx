/** Admin page: being built. */
export default function AdminPlaceholder() {
  return <main className="container-page py-8" />;
}
