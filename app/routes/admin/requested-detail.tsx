/** Admin page: being built. */
export default function AdminRequestedDetail() {
  return <main className="container-page py-8" />;
}
