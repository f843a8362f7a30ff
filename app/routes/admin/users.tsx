/** Admin page: being built. */
export default function AdminUsers() {
  return <main className="container-page py-8" />;
}
