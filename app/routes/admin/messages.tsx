/** Admin page: being built. */
export default function AdminMessages() {
  return <main className="container-page py-8" />;
}
