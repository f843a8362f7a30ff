/** Admin page: being built. */
export default function AdminSuppliedList() {
  return <main className="container-page py-8" />;
}
