/** Admin page: being built. */
export default function AdminAssetForm() {
  return <main className="container-page py-8" />;
}
