/** Admin page: being built. */
export default function AdminPropertyForm() {
  return <main className="container-page py-8" />;
}
