/** Admin page: being built. */
export default function AdminAuditLog() {
  return <main className="container-page py-8" />;
}
