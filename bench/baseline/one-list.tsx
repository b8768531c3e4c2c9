/**
 * The one-bundle baseline page of the Lighthouse bench (bench/lighthouse-bench.ts): a one-list page on the app's
 * stack (React 19, react-router, mobx, inversify, axios), built by esbuild as one bundle. It asks its server for a
 * list of 20 videos and shows them with their covers, as the app's home route shows its lists.
 */
import 'reflect-metadata';
import axios, { type AxiosInstance } from 'axios';
import { Container } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { createContext, useContext, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';

export interface ListItem {
  id: number;
  title: string;
  cover: string;
}

/**
 * Outside the store: made observable by makeAutoObservable, the axios instance (a function with methods) would be
 * wrapped as an action and lose its `get`, and the page would never load its list.
 */
const http: AxiosInstance = axios.create({ timeout: 10_000 });

class ListStore {
  items: ListItem[] = [];
  loading = true;

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async load(): Promise<void> {
    const { data } = await http.get<{ data: ListItem[] }>('/api/list');
    runInAction(() => {
      this.items = data.data;
      this.loading = false;
    });
  }
}

const container = new Container();
container.bind(ListStore).toDynamicValue(() => new ListStore()).inSingletonScope();
const StoreContext = createContext(container.get(ListStore));

const ListPage = observer(function ListPage() {
  const store = useContext(StoreContext);
  useEffect(() => void store.load(), [store]);
  if (store.loading) return <p className="loading">加载中…</p>;
  return (
    <ul className="list">
      {store.items.map((item) => (
        <li key={item.id}>
          <Link to={`/item/${item.id}`}>
            <img src={item.cover} alt="" width={400} height={225} />
            <span>{item.title}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
});

function App() {
  return (
    <BrowserRouter>
      <header>
        <h1>奇遇视频</h1>
      </header>
      <Routes>
        <Route path="*" element={<ListPage />} />
      </Routes>
    </BrowserRouter>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
