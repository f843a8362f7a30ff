/** Admin page: being built. */
export default function AdminRequestedList() {
  return <main className="container-page py-8" />;
}
