/** Admin page: being built. */
export default function AdminSuppliedDetail() {
  return <main className="container-page py-8" />;
}
